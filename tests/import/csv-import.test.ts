import { describe, expect, it } from 'vitest'
import { decodeCsvBytes, decodeFile, detectEncoding } from '../../shared/csv/decode'
import { suggestMapping } from '../../shared/csv/mapping'
import { parseCsvText } from '../../shared/csv/parse'
import { reportLines } from '../../shared/csv/report'
import { dryRun, readGender, splitFullName } from '../../shared/csv/rows'
import type { CustomField } from '../../contract/custom-fields'

/** Windows-1252 bytes for a text made of Latin-1 characters (é = 0xE9, ë = 0xEB: one byte each). */
const cp1252 = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)))
const utf8 = (s: string) => new TextEncoder().encode(s)
const withBom = (b: Uint8Array) => Uint8Array.from([0xef, 0xbb, 0xbf, ...b])

const read = (bytes: Uint8Array) => parseCsvText(decodeCsvBytes(bytes).text)

describe('decode', () => {
  it('UTF-8 with a BOM: the BOM is dropped, accents kept', () => {
    const r = decodeCsvBytes(withBom(utf8('Voornaam;E-mail\nRenée;r@x.nl\n')))
    expect(r.encoding).toBe('utf-8')
    expect(r.text.startsWith('Voornaam')).toBe(true)
    expect(r.text).toContain('Renée')
  })
  it('UTF-8 without a BOM', () => {
    expect(decodeCsvBytes(utf8('naam\nZoë\n'))).toEqual({ text: 'naam\nZoë\n', encoding: 'utf-8' })
  })
  it('Windows-1252 (é, ë as single bytes) is recognised and read right', () => {
    const bytes = cp1252('Voornaam;Achternaam;E-mail\nJosé;Noël;jose@x.nl\n')
    expect(bytes.length).toBe('Voornaam;Achternaam;E-mail\nJosé;Noël;jose@x.nl\n'.length)
    expect(detectEncoding(bytes)).toBe('windows-1252')
    const p = read(bytes)
    expect(p.rows[0]).toEqual(['José', 'Noël', 'jose@x.nl'])
  })
  it('Windows-1252 curly quotes and euro sign (0x80–0x9F) map to their characters', () => {
    const bytes = Uint8Array.from([0x80, 0x93, 0x61, 0x94])
    expect(decodeCsvBytes(bytes).text).toBe('€“a”')
  })
  it('a UTF-8 sample cut in the middle of a character still counts as UTF-8', () => {
    const b = utf8('aé')
    expect(detectEncoding(b.slice(0, 2))).toBe('utf-8')
  })
})

describe('decodeFile (slice by slice, as the worker reads a File)', () => {
  const reader = (bytes: Uint8Array) => async (a: number, b: number) => bytes.slice(a, b)
  it('joins a UTF-8 character split across slices and drops the BOM', async () => {
    const bytes = withBom(utf8('naam\nRenée Zoë\n'))
    const seen: number[] = []
    const r = await decodeFile(reader(bytes), bytes.length, { sliceSize: 3, onProgress: (d) => seen.push(d) })
    expect(r).toEqual({ text: 'naam\nRenée Zoë\n', encoding: 'utf-8' })
    expect(seen.at(-1)).toBe(bytes.length)
  })
  it('a Windows-1252 byte far into an ASCII file switches the whole file to Windows-1252', async () => {
    const text = `email;plaats\n${'a@x.nl;Utrecht\n'.repeat(500)}b@x.nl;Zuidbroek Oosteinde Café\n`
    const bytes = cp1252(text)
    const r = await decodeFile(reader(bytes), bytes.length, { sliceSize: 1024 })
    expect(r.encoding).toBe('windows-1252')
    expect(r.text).toBe(text)
  })
})

describe('parse', () => {
  it('`;` from Dutch Excel, with a BOM', () => {
    const p = read(withBom(utf8('E-mailadres;Voornaam;Achternaam\r\nanna@x.nl;Anna;de Vries\r\n')))
    expect(p.delimiter).toBe(';')
    expect(p.headers).toEqual(['E-mailadres', 'Voornaam', 'Achternaam'])
    expect(p.rows).toEqual([['anna@x.nl', 'Anna', 'de Vries']])
  })
  it('`,` with quoted fields holding line breaks, delimiters and quotes', () => {
    const text =
      'email,first name,last name,notes\na@x.nl,A,B,"line one\nline two, with comma and ""quotes"""\nb@x.nl,C,D,\n'
    const p = parseCsvText(text)
    expect(p.delimiter).toBe(',')
    expect(p.rows).toHaveLength(2)
    expect(p.rows[0][3]).toBe('line one\nline two, with comma and "quotes"')
    expect(p.rows[1]).toEqual(['b@x.nl', 'C', 'D', ''])
  })
  it('a `;` file whose cells contain commas is still read as `;`', () => {
    const p = parseCsvText('Naam;Adres;E-mail\nAnna;Kerkstraat 1, Utrecht;a@x.nl\nBob;Dorp 2, Ede;b@x.nl\n')
    expect(p.delimiter).toBe(';')
    expect(p.rows[0]).toEqual(['Anna', 'Kerkstraat 1, Utrecht', 'a@x.nl'])
  })
  it('empty lines are skipped and progress is reported', () => {
    const seen: number[] = []
    const text = `email\n${Array.from({ length: 2000 }, (_, i) => `p${i}@x.nl`).join('\n')}\n\n\n`
    const p = parseCsvText(text, { progressEvery: 100, onProgress: (d) => seen.push(d) })
    expect(p.rows).toHaveLength(2000)
    expect(seen.length).toBeGreaterThan(5)
  })
})

describe('mapping suggestions', () => {
  it('Dutch headers', () => {
    expect(
      suggestMapping([
        'E-mailadres',
        'Voornaam',
        'Achternaam',
        'Geboortedatum',
        'Geslacht',
        'Mobiel',
        'Telefoon',
        'Adres',
        'Postcode',
        'Woonplaats',
        'Opmerkingen',
        'Klantnummer',
      ]),
    ).toEqual([
      'email',
      'firstName',
      'lastName',
      'dateOfBirth',
      'gender',
      'phoneNumber',
      'alternatePhoneNumber',
      'address',
      'zipCode',
      'city',
      'notes',
      null,
    ])
  })
  it('English headers, and a custom field by display or property name', () => {
    const cf = [{ propertyName: 'skinType', displayName: 'Huidtype' }]
    expect(
      suggestMapping(['Email', 'First name', 'Last Name', 'Phone', 'City', 'Notes', 'Huidtype', 'skin_type'], cf),
    ).toEqual(['email', 'firstName', 'lastName', 'phoneNumber', 'city', 'notes', 'custom:skinType', null])
    expect(suggestMapping(['E-mail', 'Plaats', 'Naam'])).toEqual(['email', 'city', 'fullName'])
  })
})

describe('dry run', () => {
  const customFields: Pick<CustomField, 'propertyName' | 'type' | 'options' | 'required'>[] = [
    { propertyName: 'vip', type: 'boolean', options: [], required: false },
    { propertyName: 'skin', type: 'option', options: ['Droog', 'Vet'], required: false },
  ]
  const text = [
    'E-mail;Voornaam;Achternaam;Telefoon;Geboortedatum;Geslacht;VIP;Huid',
    'anna@x.nl;Anna;de Vries;0612345678;02-04-1990;vrouw;ja;droog',
    ';Leeg;Email;;;;;',
    'ANNA@X.NL;Anna;Dubbel;;;;;',
    'bob@x.nl;Bob;Bakker;12;31-02-1990;;misschien;nat',
    'not-an-email;Carl;C;;;;;',
    '  Dirk@Example.NL ;Dirk;Dekker;+32 470 12 34 56;1985-01-31;man;nee;Vet',
    'dirk@example.nl;Dirk;Again;;;;;',
  ].join('\n')
  const p = parseCsvText(text)
  const mapping = suggestMapping(p.headers, [
    { propertyName: 'vip', displayName: 'VIP' },
    { propertyName: 'skin', displayName: 'Huid' },
  ])
  const d = dryRun(p.rows, mapping, customFields, 'NL')

  it('counts every kind of row', () => {
    expect(d.rows).toBe(7)
    expect(d.candidates.map((c) => c.row)).toEqual([2, 7])
    expect(d.skippedEmpty).toEqual([3])
    // Mixed-case e-mails are the same customer; surrounding spaces do not matter.
    expect(d.duplicates).toEqual([
      { row: 4, email: 'anna@x.nl', firstRow: 2 },
      { row: 8, email: 'dirk@example.nl', firstRow: 7 },
    ])
    expect(d.invalid.map((r) => r.row)).toEqual([5, 6])
  })
  it('values are read with the contract parsers', () => {
    expect(d.candidates[0]).toMatchObject({
      email: 'anna@x.nl',
      phoneNumber: '+31612345678',
      dateOfBirth: '1990-04-02',
      gender: 'female',
      customValues: { vip: true, skin: 'Droog' },
    })
    expect(d.candidates[1]).toMatchObject({
      email: 'dirk@example.nl',
      phoneNumber: '+32470123456',
      dateOfBirth: '1985-01-31',
      gender: 'male',
      customValues: { vip: false, skin: 'Vet' },
    })
  })
  it('invalid rows name the field and the reason', () => {
    expect(d.invalid[0].problems).toEqual([
      { field: 'phoneNumber', reason: 'phone', value: '12' },
      { field: 'dateOfBirth', reason: 'date', value: '31-02-1990' },
      { field: 'custom:vip', reason: 'boolean', value: 'misschien' },
      { field: 'custom:skin', reason: 'option', value: 'nat' },
    ])
    expect(d.invalid[1].problems).toEqual([{ field: 'email', reason: 'email', value: 'not-an-email' }])
  })
  it('the report lists every row that is not imported, in row order', () => {
    const lines = reportLines(d, [{ row: 7, email: 'dirk@example.nl' }])
    expect(lines.map((l) => [l.row, l.outcome])).toEqual([
      [3, 'empty'],
      [4, 'duplicate'],
      [5, 'invalid.phone'],
      [5, 'invalid.date'],
      [5, 'invalid.boolean'],
      [5, 'invalid.option'],
      [6, 'invalid.email'],
      [7, 'existing'],
      [8, 'duplicate'],
    ])
  })
  it('helpers', () => {
    expect(readGender('Dhr.')).toBe('male')
    expect(readGender('?')).toBe('undefined')
    expect(splitFullName(' Anna  de Vries ')).toEqual({ firstName: 'Anna', lastName: 'de Vries' })
  })
})
