import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'
import { countryCode, isEuMemberState } from '../../server/integrations/vat-check/countries'
import { createVatCheck, normaliseVatNumber } from '../../server/integrations/vat-check'
import { startViesPeer } from '../helpers/peers/vies'

/*
 * The VAT-number check against a local VIES (tests/helpers/peers/vies.ts): a verdict is valid or
 * invalid; anything that is no verdict (a member state down, a time-out, a 5xx, a broken reply,
 * no connection) is unavailable, never a guess. No request leaves the machine.
 */

const vies = await startViesPeer()
const reasons: string[] = []
// Long enough for a loaded CI machine to answer; the hang test waits it out once.
const check = createVatCheck(vies.config, { timeoutMs: 2_000, onUnavailable: (r) => reasons.push(r) })

describe('VAT check: normalising', () => {
  it('vat check: strips spaces, dots and the country prefix, upper-cases, and Greece is EL', () => {
    expect(normaliseVatNumber('NL', 'nl 8543.21.987.b01')).toEqual({ countryCode: 'NL', vatNumber: '854321987B01' })
    expect(normaliseVatNumber('Duitsland', 'DE 123 456 789')).toEqual({ countryCode: 'DE', vatNumber: '123456789' })
    expect(normaliseVatNumber('GR', 'EL094259216')).toEqual({ countryCode: 'EL', vatNumber: '094259216' })
    expect(normaliseVatNumber('Griekenland', 'GR-094259216')).toEqual({ countryCode: 'EL', vatNumber: '094259216' })
    expect(normaliseVatNumber('BE', '0123.456.749')).toEqual({ countryCode: 'BE', vatNumber: '0123456749' })
  })

  it('vat check: countries typed as names or codes in several languages are recognised', () => {
    expect(countryCode('Nederland')).toBe('NL')
    expect(countryCode('the Netherlands')).toBe('NL')
    expect(countryCode('Deutschland')).toBe('DE')
    expect(countryCode('België')).toBe('BE')
    expect(countryCode('el')).toBe('GR')
    expect(countryCode('Verenigde Staten')).toBe('US')
    expect(countryCode('Nederlnd')).toBeNull()
    expect(isEuMemberState('GR') && isEuMemberState('NL') && !isEuMemberState('GB')).toBe(true)
  })

  it('vat check: the default is the EU’s real REST base, and the requester is optional', () => {
    const config = loadConfig({})
    expect(config.vatCheckUrl).toBe('https://ec.europa.eu/taxation_customs/vies/rest-api')
    expect(config.vatRequesterNumber).toBeUndefined()
    expect(loadConfig({ VAT_CHECK_URL: 'http://x/rest-api/', VAT_REQUESTER_NUMBER: 'NL1B01' })).toMatchObject({
      vatCheckUrl: 'http://x/rest-api',
      vatRequesterNumber: 'NL1B01',
    })
  })
})

describe('VAT check: VIES answers', () => {
  it('vat check: a registered number is valid, with name, address and a consultation number', async () => {
    vies.answer('DE811569869', { kind: 'valid', name: 'Haar & Hautstudio GmbH', address: 'Hauptstr. 1\n10115 Berlin' })
    const result = await check.check('DE', 'DE 811 569 869')
    expect(result).toMatchObject({
      status: 'valid',
      name: 'Haar & Hautstudio GmbH',
      address: 'Hauptstr. 1\n10115 Berlin',
    })
    expect(result.consultationNumber).toMatch(/^WAPI/)
    expect(result.checkedAt).toBeInstanceOf(Date)
    // The request as VIES defines it, with our own number as requester (for the consultation number).
    expect(vies.requests.at(-1)).toEqual({
      path: '/rest-api/check-vat-number',
      body: {
        countryCode: 'DE',
        vatNumber: '811569869',
        requesterMemberStateCode: 'NL',
        requesterNumber: '000099998B57',
      },
    })
  })

  it('vat check: without a requester number VIES gives no consultation number, and none is made up', async () => {
    vies.answer('FR40303265045', { kind: 'valid' })
    const plain = createVatCheck({ vatCheckUrl: vies.config.vatCheckUrl })
    const result = await plain.check('FR', 'FR40303265045')
    expect(result).toMatchObject({ status: 'valid', name: null, address: null, consultationNumber: null })
    expect(vies.requests.at(-1)?.body).toEqual({ countryCode: 'FR', vatNumber: '40303265045' })
  })

  it('vat check: Greece is asked as EL', async () => {
    vies.answer('EL094259216', { kind: 'valid', name: 'Kommotirio AE' })
    expect((await check.check('Griekenland', 'GR094259216')).status).toBe('valid')
    expect(vies.requests.at(-1)?.body.countryCode).toBe('EL')
  })

  it('vat check: an unregistered number is invalid', async () => {
    expect(await check.check('BE', 'BE0999999999')).toMatchObject({ status: 'invalid', name: null, address: null })
  })

  it('vat check: a number VIES refuses as malformed (INVALID_INPUT) is invalid', async () => {
    vies.answer('IT1', { kind: 'error', error: 'INVALID_INPUT', status: 400 })
    expect((await check.check('IT', '1')).status).toBe('invalid')
  })

  it('vat check: a member state that is down, busy or timing out is unavailable (status 200 or 5xx)', async () => {
    const errors = [
      'MS_UNAVAILABLE',
      'TIMEOUT',
      'SERVICE_UNAVAILABLE',
      'MS_MAX_CONCURRENT_REQ',
      'GLOBAL_MAX_CONCURRENT_REQ',
    ]
    for (const [i, error] of errors.entries()) {
      vies.answer(`AT${i}`, { kind: 'error', error, status: i % 2 ? 500 : 200 })
      expect(await check.check('AT', `${i}`)).toMatchObject({ status: 'unavailable', consultationNumber: null })
      expect(reasons.at(-1)).toContain(error)
    }
  })

  it('vat check: a hang past the time-out is unavailable', async () => {
    vies.answer('PL5260001246', { kind: 'hang' })
    const started = Date.now()
    expect((await check.check('PL', '5260001246')).status).toBe('unavailable')
    expect(Date.now() - started).toBeLessThan(3_000)
  })

  it('vat check: a reply that is not JSON, or a 503 page, is unavailable', async () => {
    vies.answer('ES1', { kind: 'malformed' })
    expect((await check.check('ES', '1')).status).toBe('unavailable')
    expect(reasons.at(-1)).toContain('not JSON')
    vies.answer('ES2', { kind: 'status', status: 503 })
    expect((await check.check('ES', '2')).status).toBe('unavailable')
  })

  it('vat check: no connection at all is unavailable', async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port
        s.close(() => resolve(p))
      })
    })
    const nowhere = createVatCheck({ vatCheckUrl: `http://127.0.0.1:${port}/rest-api` })
    expect((await nowhere.check('DE', '811569869')).status).toBe('unavailable')
  })
})
