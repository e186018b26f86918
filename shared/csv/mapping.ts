import type { CustomField } from '../../contract/custom-fields'

/*
 * Which column of the file goes to which customer field. A target is a customer field, `fullName`
 * (one "Naam" column split into first and last name), or a custom field (`custom:<propertyName>`).
 * Suggestions come from the Dutch and English header names salons' old software writes.
 */

export const CUSTOMER_IMPORT_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'fullName',
  'dateOfBirth',
  'gender',
  'phoneNumber',
  'alternatePhoneNumber',
  'address',
  'city',
  'zipCode',
  'notes',
] as const
export type CustomerImportField = (typeof CUSTOMER_IMPORT_FIELDS)[number]
export type ImportTarget = CustomerImportField | `custom:${string}`
/** One entry per column of the file: where it goes, or null (not imported). */
export type ColumnMapping = (ImportTarget | null)[]

/** Lower case, accents and everything but letters and digits dropped: "E-mailadres" → "emailadres". */
export const foldHeader = (h: string) =>
  h
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')

const SYNONYMS: Record<CustomerImportField, string[]> = {
  email: ['email', 'emailadres', 'emailaddress', 'mail', 'mailadres', 'emailklant', 'e'],
  firstName: ['voornaam', 'firstname', 'first', 'givenname', 'roepnaam', 'voorname'],
  lastName: ['achternaam', 'lastname', 'surname', 'familienaam', 'familyname', 'last'],
  fullName: ['naam', 'name', 'fullname', 'volledigenaam', 'klantnaam', 'klant', 'customer'],
  dateOfBirth: ['geboortedatum', 'dateofbirth', 'birthdate', 'birthday', 'dob', 'verjaardag', 'geboren'],
  gender: ['geslacht', 'gender', 'sex', 'aanhef'],
  phoneNumber: [
    'telefoon',
    'telefoonnummer',
    'tel',
    'phone',
    'phonenumber',
    'mobiel',
    'mobile',
    'gsm',
    'mobielnummer',
    'mobilephone',
    'telnr',
  ],
  alternatePhoneNumber: [
    'telefoon2',
    'tweedetelefoon',
    'alternatephone',
    'alternatephonenumber',
    'phone2',
    'telefoonvast',
    'vastetelefoon',
    'telefoonthuis',
    'telefoonwerk',
    'homephone',
    'workphone',
  ],
  address: ['adres', 'address', 'straat', 'straatnaam', 'street', 'straatenhuisnummer', 'addressline1'],
  city: ['woonplaats', 'plaats', 'city', 'stad', 'town', 'plaatsnaam'],
  zipCode: ['postcode', 'zipcode', 'zip', 'postalcode', 'postcodeklant'],
  notes: ['opmerkingen', 'opmerking', 'notes', 'note', 'notities', 'notitie', 'comments', 'remarks', 'memo'],
}

/** The suggested target of one header, or null. */
export function suggestTarget(
  header: string,
  customFields: Pick<CustomField, 'propertyName' | 'displayName'>[],
): ImportTarget | null {
  const h = foldHeader(header)
  if (!h) return null
  for (const f of customFields)
    if (foldHeader(f.propertyName) === h || foldHeader(f.displayName) === h) return `custom:${f.propertyName}`
  for (const field of CUSTOMER_IMPORT_FIELDS) if (SYNONYMS[field].includes(h)) return field
  // "Telefoon mobiel", "E-mail adres klant": a known word at the start is a good enough hint.
  if (h.startsWith('email') || h.startsWith('mail')) return 'email'
  if (h.startsWith('telefoon') || h.startsWith('mobiel') || h.startsWith('phone')) return 'phoneNumber'
  return null
}

/** Suggestions for every column; a target is given to its first column only. */
export function suggestMapping(
  headers: string[],
  customFields: Pick<CustomField, 'propertyName' | 'displayName'>[] = [],
): ColumnMapping {
  const taken = new Set<ImportTarget>()
  return headers.map((h) => {
    let t = suggestTarget(h, customFields)
    // A second phone column becomes the alternate number.
    if (t === 'phoneNumber' && taken.has('phoneNumber')) t = 'alternatePhoneNumber'
    if (!t || taken.has(t)) return null
    taken.add(t)
    return t
  })
}

/** Spec §5: "The CSV import needs an email column selected." */
export const hasEmailColumn = (mapping: ColumnMapping) => mapping.includes('email')
