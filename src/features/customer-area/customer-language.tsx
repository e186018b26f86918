import { useTranslation } from 'react-i18next'
import type { CustomerSession } from '../../../contract/auth'
import type { Language } from '../../../contract/enums'
import { API } from '../../api/client'
import { apiCall } from '../../api/transport'
import { useLanguageChoice } from '../../i18n/use-language-choice'
import { RadioGroup } from '../../ui'

/** The language the screen is in, as the contract names it. */
export const currentLanguage = (language: string): Language => (language === 'en' ? 'en' : 'nl')

/**
 * The customer's language switch: the screen changes at once; signed in, the choice is also
 * saved as theirs so mails follow it (issue 11). Best effort: offline (or a failed call) only the
 * screen changes; the next change or sign-in sends it again.
 */
export function CustomerLanguageSwitch({ session }: { session?: CustomerSession | null }) {
  const { t } = useTranslation()
  const [shown, chooseLanguage] = useLanguageChoice()
  const onChange = async (value: string) => {
    const language = currentLanguage(value)
    await chooseLanguage(language)
    if (!session || !navigator.onLine) return
    try {
      await apiCall(API.customers.updateMe, {
        params: { org: session.customer.organisationId },
        body: { language },
        as: 'customer',
      })
    } catch {
      // Kept on this device; the server learns it at the next change or sign-in.
    }
  }
  return (
    <div className="flex flex-col gap-2" data-testid="customer-language">
      <RadioGroup
        label={t('customer-language.label')}
        name="customer-language"
        value={shown}
        onChange={(v) => void onChange(v)}
        options={[
          { value: 'nl', label: t('common.languages.nl') },
          { value: 'en', label: t('common.languages.en') },
        ]}
      />
      {session && <p className="text-sm text-muted">{t('customer-language.hint')}</p>}
    </div>
  )
}
