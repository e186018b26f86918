/** A certificate's date as the certificate writes it: the day in Amsterdam, the month in words ("27 november 2026"). */
export const certificateDate = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'nl-NL', {
    timeZone: 'Europe/Amsterdam',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(iso))
