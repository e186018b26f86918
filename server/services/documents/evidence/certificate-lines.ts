import type { Language } from '../../../../contract/enums'

/*
 * What the certificate page of a signed consent PDF says (issue 12), as labelled lines grouped in
 * sections: who, what, decision, when (both clocks, in Amsterdam time and UTC), where and how, and
 * the record's place in the organisation's hash chain. Pure, so a test reads exactly what the PDF
 * draws. The words live here in both languages: server-built files cannot use the client's
 * i18next bundles (as server/services/customers/field-labels.ts).
 */

export const CERTIFICATE_WORDS = {
  nl: {
    title: 'Certificaat van toestemming',
    formTitle: 'Toestemmingsformulier zoals de klant het zag',
    version: 'versie',
    page: 'pagina',
    of: 'van',
    who: 'Wie',
    customerName: 'Naam klant',
    customerEmail: 'E-mail',
    typedName: 'Getypte naam',
    what: 'Wat',
    documentName: 'Document',
    versionNumber: 'Versie',
    versionHash: 'SHA-256 van de versie',
    versionHashMatches: 'komt overeen met de tekst op de vorige pagina’s',
    versionHashDiffers: 'LET OP: komt niet overeen met de bewaarde tekst',
    decision: 'Beslissing',
    answer: 'Antwoord',
    accepted: 'Geaccepteerd',
    signatureMethod: 'Ondertekend',
    drawn: 'Met een getekende handtekening',
    typed: 'Met de getypte naam en de verklaring: "Ik ga akkoord en mijn getypte naam geldt als mijn handtekening."',
    declined: 'Geweigerd',
    reason: 'Reden',
    noReason: '(geen reden opgegeven)',
    when: 'Wanneer',
    occurredAt: 'Beantwoord',
    occurredNote: 'klok van het apparaat gecorrigeerd met zijn afwijking van de server',
    deviceTime: 'Klok van het apparaat',
    receivedAt: 'Ontvangen door de server',
    unknown: 'onbekend',
    where: 'Waar en hoe',
    channel: 'Ondertekend op',
    ownDevice: 'Eigen apparaat van de klant',
    tablet: 'Tablet van de salon',
    deviceName: 'Apparaat',
    takenBy: 'Overhandigd door',
    ipAddress: 'IP-adres',
    userAgent: 'Browser',
    signature: 'Handtekening',
    signatureHash: 'SHA-256 van de handtekening',
    signatureMatches: 'komt overeen met de afbeelding hieronder',
    signatureDiffers: 'LET OP: komt niet overeen met de bewaarde afbeelding',
    signatureMissing: 'Afbeelding van de handtekening niet beschikbaar',
    chain: 'Bewijsketen',
    position: 'Positie in de keten',
    recordHash: 'Hash van dit record',
    previousHash: 'Hash van het vorige record',
    contentHash: 'Hash van de inhoud',
    verify:
      'Controleren: elk record in de keten van de organisatie noemt de hash van het record ervoor; de hash van dit record is SHA-256 van (hash van het vorige record, positie, hash van de inhoud), elk op een eigen regel. De eigenaar van de organisatie controleert de hele keten via Documenten > Bewijsketen of met het commando "npm run evidence:verify"; een gewijzigd, verwijderd of ingevoegd record wordt daar bij positie genoemd.',
    generatedAt: 'Gemaakt op',
  },
  en: {
    title: 'Certificate of consent',
    formTitle: 'Consent form as the customer saw it',
    version: 'version',
    page: 'page',
    of: 'of',
    who: 'Who',
    customerName: 'Customer name',
    customerEmail: 'E-mail',
    typedName: 'Typed name',
    what: 'What',
    documentName: 'Document',
    versionNumber: 'Version',
    versionHash: 'SHA-256 of the version',
    versionHashMatches: 'matches the text on the preceding pages',
    versionHashDiffers: 'WARNING: does not match the stored text',
    decision: 'Decision',
    answer: 'Answer',
    accepted: 'Accepted',
    signatureMethod: 'Signed',
    drawn: 'With a drawn signature',
    typed: 'With the typed name and the statement: "I agree, and my typed name counts as my signature."',
    declined: 'Declined',
    reason: 'Reason',
    noReason: '(no reason given)',
    when: 'When',
    occurredAt: 'Answered',
    occurredNote: 'the device’s clock corrected by its offset from the server',
    deviceTime: 'Device clock',
    receivedAt: 'Received by the server',
    unknown: 'unknown',
    where: 'Where and how',
    channel: 'Signed on',
    ownDevice: 'The customer’s own device',
    tablet: 'The salon’s tablet',
    deviceName: 'Device',
    takenBy: 'Handed over by',
    ipAddress: 'IP address',
    userAgent: 'Browser',
    signature: 'Signature',
    signatureHash: 'SHA-256 of the signature',
    signatureMatches: 'matches the image below',
    signatureDiffers: 'WARNING: does not match the stored image',
    signatureMissing: 'Signature image not available',
    chain: 'Evidence chain',
    position: 'Position in the chain',
    recordHash: 'Hash of this record',
    previousHash: 'Hash of the previous record',
    contentHash: 'Hash of the content',
    verify:
      'To verify: every record in the organisation’s chain names the hash of the record before it; this record’s hash is SHA-256 of (previous record hash, position, content hash), each on its own line. The organisation’s owner checks the whole chain under Documents > Evidence chain or with the command "npm run evidence:verify"; a changed, removed or inserted record is named there by its position.',
    generatedAt: 'Generated on',
  },
} satisfies Record<Language, Record<string, string>>

export type CertificateWords = (typeof CERTIFICATE_WORDS)['nl']

/** What the certificate states: the evidence record as stored, and what the server checked. */
export type CertificateFacts = {
  organisationName: string
  documentName: string
  versionNumber: number
  versionHash: string
  /** Whether the stored version's text hashes to `versionHash` (null: not checked). */
  versionHashMatches: boolean | null
  customerName: string | null
  customerEmail: string | null
  typedName: string | null
  /** Accepted only (issue 21 #23): drawn on the pad or typed; null on records made before it was kept. */
  signatureMethod?: 'drawn' | 'typed' | null
  decision: 'accepted' | 'declined'
  declineReason: string | null
  channel: 'ownDevice' | 'tablet'
  deviceName: string | null
  takenByName: string | null
  ipAddress: string | null
  userAgent: string | null
  deviceTime: Date | null
  receivedAt: Date
  /** When the customer answered (corrected device time); null in records from before it. */
  occurredAt: Date | null
  signatureHash: string | null
  /** Whether the stored signature image hashes to `signatureHash` (null: no image). */
  signatureMatches: boolean | null
  position: number
  recordHash: string
  previousHash: string
  contentHash: string
}

export const TIME_ZONE = 'Europe/Amsterdam'

/**
 * A moment as people in the salon read it and as a machine does: "23-11-2026 20:05:03 CET
 * (Europe/Amsterdam) · 2026-11-23 19:05:03.123 UTC".
 */
export function bothZones(d: Date, lang: Language): string {
  const local = new Intl.DateTimeFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
    timeZoneName: 'short',
  }).format(d)
  const utc = `${d.toISOString().replace('T', ' ').replace('Z', '')} UTC`
  return `${local} (${TIME_ZONE}) · ${utc}`
}

/** The date a file is named by: the day in Amsterdam (YYYY-MM-DD). */
export const amsterdamDate = (d: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d)

export type CertificateLine = { label: string; value: string; mono?: boolean; note?: string }
export type CertificateSection = { title: string; lines: CertificateLine[] }

export function certificateSections(f: CertificateFacts, lang: Language): CertificateSection[] {
  const w = CERTIFICATE_WORDS[lang]
  const check = (ok: boolean | null, yes: string, no: string) => (ok === null ? undefined : ok ? yes : no)
  const opt = (label: string, value: string | null, mono = false): CertificateLine[] =>
    value ? [{ label, value, mono }] : []
  return [
    {
      title: w.who,
      lines: [
        { label: w.customerName, value: f.customerName ?? w.unknown },
        ...opt(w.customerEmail, f.customerEmail),
        ...opt(w.typedName, f.typedName),
      ],
    },
    {
      title: w.what,
      lines: [
        { label: w.documentName, value: f.documentName },
        { label: w.versionNumber, value: String(f.versionNumber) },
        {
          label: w.versionHash,
          value: f.versionHash,
          mono: true,
          note: check(f.versionHashMatches, w.versionHashMatches, w.versionHashDiffers),
        },
      ],
    },
    {
      title: w.decision,
      lines: [
        { label: w.answer, value: f.decision === 'accepted' ? w.accepted : w.declined },
        ...(f.decision === 'accepted' && f.signatureMethod
          ? [{ label: w.signatureMethod, value: f.signatureMethod === 'typed' ? w.typed : w.drawn }]
          : []),
        ...(f.decision === 'declined' ? [{ label: w.reason, value: f.declineReason || w.noReason }] : []),
      ],
    },
    {
      title: w.when,
      lines: [
        // The corrected time first: what the salon reads (ARCHITECTURE "Time"); the device's own
        // clock and the receipt follow as the evidence keeps them.
        ...(f.occurredAt ? [{ label: w.occurredAt, value: bothZones(f.occurredAt, lang), note: w.occurredNote }] : []),
        { label: w.deviceTime, value: f.deviceTime ? bothZones(f.deviceTime, lang) : w.unknown },
        { label: w.receivedAt, value: bothZones(f.receivedAt, lang) },
      ],
    },
    {
      title: w.where,
      lines: [
        { label: w.channel, value: f.channel === 'tablet' ? w.tablet : w.ownDevice },
        ...opt(w.deviceName, f.deviceName),
        ...opt(w.takenBy, f.takenByName),
        ...opt(w.ipAddress, f.ipAddress),
        ...opt(w.userAgent, f.userAgent),
      ],
    },
    ...(f.signatureHash
      ? [
          {
            title: w.signature,
            lines: [
              {
                label: w.signatureHash,
                value: f.signatureHash,
                mono: true,
                note: check(f.signatureMatches, w.signatureMatches, w.signatureDiffers),
              },
            ],
          },
        ]
      : []),
    {
      title: w.chain,
      lines: [
        { label: w.position, value: String(f.position) },
        { label: w.recordHash, value: f.recordHash, mono: true },
        { label: w.previousHash, value: f.previousHash, mono: true },
        { label: w.contentHash, value: f.contentHash, mono: true },
      ],
    },
  ]
}
