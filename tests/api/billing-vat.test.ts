import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ZVatDecision } from '../../contract/subscriptions'
import { vatChecks } from '../../server/db/schema'
import { createVatCheck, decideVat, VAT_CHECK_REUSE_MS } from '../../server/services/billing/vat'
import { startViesPeer } from '../helpers/peers/vies'
import { billingDatabase, insertOrganisation } from './billing-fixtures'

/*
 * README "VAT": the decision per payment, every branch, with VIES a local peer. A check asked is
 * stored in vat_checks (the proof of a reverse charge) and summarised in the decision.
 */

const db = await billingDatabase()
const vies = await startViesPeer()
// Long enough for a loaded CI machine to answer; the hang test waits it out once.
const vatCheck = createVatCheck(vies.config, { timeoutMs: 2_000 })
const decide = async (org: { id: string; country: string; vatNumber: string }, now = new Date()) =>
  ZVatDecision.parse(await decideVat({ db, organisation: org, vatCheck, now }))
const checksOf = (organisationId: string) =>
  db.select().from(vatChecks).where(eq(vatChecks.organisationId, organisationId))

describe('decideVat', () => {
  it('vat: a Dutch organisation pays 21% and VIES is not asked', async () => {
    const org = await insertOrganisation(db, { country: 'Nederland', vatNumber: 'NL 8543.21.987.B01' })
    const asked = vies.requests.length
    expect(await decide(org)).toEqual({
      rule: 'nl',
      rateBasisPoints: 2100,
      reverseCharge: false,
      vatNumber: 'NL854321987B01',
      country: 'NL',
      check: null,
    })
    expect(vies.requests.length).toBe(asked)
    expect(await checksOf(org.id)).toEqual([])
  })

  it('vat: another member state with a valid number is reverse-charged at 0%, the check kept as proof', async () => {
    vies.answer('DE811569869', { kind: 'valid', name: 'Haar GmbH', address: 'Hauptstr. 1, Berlin' })
    const org = await insertOrganisation(db, { country: 'Duitsland', vatNumber: 'DE 811 569 869' })
    const d = await decide(org)
    expect(d).toMatchObject({
      rule: 'reverseCharge',
      rateBasisPoints: 0,
      reverseCharge: true,
      vatNumber: 'DE811569869',
      country: 'DE',
      check: { status: 'valid' },
    })
    expect(d.check?.consultationNumber).toMatch(/^WAPI/)
    const [row] = await checksOf(org.id)
    expect(row).toMatchObject({
      vatNumber: 'DE811569869',
      country: 'DE',
      status: 'valid',
      name: 'Haar GmbH',
      address: 'Hauptstr. 1, Berlin',
      consultationNumber: d.check?.consultationNumber,
    })
    expect(row.checkedAt.toISOString()).toBe(d.check?.checkedAt)
  })

  it('vat: a verdict is reused for a day, then VIES is asked again', async () => {
    const org = await insertOrganisation(db, { country: 'AT', vatNumber: 'ATU12345678' })
    vies.answer('ATU12345678', { kind: 'valid' })
    const first = await decide(org)
    const asked = vies.requests.length
    const again = await decide(org)
    expect(again).toEqual(first)
    expect(vies.requests.length).toBe(asked)
    const later = await decide(org, new Date(Date.now() + VAT_CHECK_REUSE_MS + 60_000))
    expect(later.rule).toBe('reverseCharge')
    expect(vies.requests.length).toBe(asked + 1)
    expect(await checksOf(org.id)).toHaveLength(2)
  })

  it('vat: a member state without a VAT number pays 21% (euUnverified), nothing asked', async () => {
    const org = await insertOrganisation(db, { country: 'België', vatNumber: '  ' })
    expect(await decide(org)).toMatchObject({
      rule: 'euUnverified',
      rateBasisPoints: 2100,
      reverseCharge: false,
      check: null,
    })
    expect(await checksOf(org.id)).toEqual([])
  })

  it('vat: a number VIES calls invalid pays 21%, the check stored', async () => {
    const org = await insertOrganisation(db, { country: 'FR', vatNumber: 'FR00000000000' })
    expect(await decide(org)).toMatchObject({
      rule: 'euUnverified',
      rateBasisPoints: 2100,
      reverseCharge: false,
      check: { status: 'invalid' },
    })
    expect((await checksOf(org.id)).map((r) => r.status)).toEqual(['invalid'])
  })

  it('vat: VIES unavailable pays 21%, stored, and never reused', async () => {
    vies.answer('EL094259216', { kind: 'error', error: 'MS_UNAVAILABLE' })
    const org = await insertOrganisation(db, { country: 'Griekenland', vatNumber: 'EL094259216' })
    expect(await decide(org)).toMatchObject({
      rule: 'euUnverified',
      rateBasisPoints: 2100,
      country: 'GR',
      vatNumber: 'EL094259216',
      check: { status: 'unavailable', consultationNumber: null },
    })
    vies.answer('EL094259216', { kind: 'valid' })
    expect((await decide(org)).rule).toBe('reverseCharge')
    expect((await checksOf(org.id)).map((r) => r.status).sort()).toEqual(['unavailable', 'valid'])
  })

  it('vat: VIES hanging past the time-out pays 21% (unavailable)', async () => {
    vies.answer('PL5260001246', { kind: 'hang' })
    const org = await insertOrganisation(db, { country: 'Polen', vatNumber: 'PL5260001246' })
    expect(await decide(org)).toMatchObject({ rule: 'euUnverified', check: { status: 'unavailable' } })
  })

  it('vat: outside the EU is 0% (outsideEu), with or without a number, nothing asked', async () => {
    const asked = vies.requests.length
    for (const country of ['Verenigde Staten', 'Zwitserland', 'GB', 'Norway']) {
      const org = await insertOrganisation(db, { country, vatNumber: 'CHE-123.456.789' })
      expect(await decide(org)).toMatchObject({
        rule: 'outsideEu',
        rateBasisPoints: 0,
        reverseCharge: false,
        check: null,
      })
    }
    expect(vies.requests.length).toBe(asked)
  })

  it('vat: a country we cannot recognise is charged 21%, never 0%', async () => {
    const org = await insertOrganisation(db, { country: 'Nederlnd', vatNumber: 'NL123456789B01' })
    expect(await decide(org)).toMatchObject({
      rule: 'euUnverified',
      rateBasisPoints: 2100,
      country: 'Nederlnd',
      check: null,
    })
  })
})
