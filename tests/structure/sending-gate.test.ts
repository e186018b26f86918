import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * Issue 21 #16: every path that e-mails or WhatsApps someone on the organisation's behalf passes
 * the one gate (server/services/organisations/sending-gate.ts, `assertMaySend`). A server file
 * that sends a mail or a WhatsApp message, or an invitation, either calls the gate or is one of
 * the mails a person asks for themselves (named below, with the reason).
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
const SENDS = /\bmailer\.send\(|\bqueueWhatsapp\(|\bwhatsapp\.enqueue\(|\bsendInvitation\(/

const SELF_SERVICE: Record<string, string> = {
  'server/services/auth/customer-code.ts': "the customer's own sign-in code, asked for by them",
  'server/services/auth/password-reset.ts': "an employee's own password reset, asked for by them",
  'server/services/organisations/email-confirmation.ts': "the owner's own confirmation code",
  'server/services/employees/invitation.ts': 'defines sendInvitation; its callers pass the gate',
  'server/services/auth/impersonation.ts':
    'the platform telling an employee that a global admin acted as them (issue 23), never a customer',
  'server/services/billing/notices.ts':
    "the platform's own billing mails (renewal notice, failed payment, low WhatsApp credits) to the organisation's owner, never to its customers",
  'server/services/whatsapp-credits/ledger.ts': 'defines queueWhatsapp; its callers pass the gate',
  'server/services/organisations/plug-and-pay.ts':
    "the platform's invitation to the owner of an organisation just bought through Plug&Pay (the address is theirs, from their own order), never the organisation reaching out",
}

function serverFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((d) => {
    const rel = `${dir}/${d.name}`
    if (d.isDirectory()) return rel === 'server/integrations' ? [] : serverFiles(rel)
    return /\.ts$/.test(d.name) && !/\.test\.ts$/.test(d.name) ? [rel] : []
  })
}

describe('sending gate', () => {
  it('every server file that sends to others calls assertMaySend', () => {
    const senders = serverFiles('server').filter((f) => SENDS.test(readFileSync(path.join(ROOT, f), 'utf8')))
    const ungated = senders.filter(
      (f) => !SELF_SERVICE[f] && !/\bassertMaySend\(/.test(readFileSync(path.join(ROOT, f), 'utf8')),
    )
    expect(ungated).toEqual([])
    // The sweep found the known senders (a rename of the patterns would make this test vacuous).
    expect(senders).toEqual(
      expect.arrayContaining([
        'server/services/questionnaires/send.ts',
        'server/services/documents/sending/send.ts',
        'server/services/advice/customer-advice.ts',
        'server/services/employees/create.ts',
        'server/services/employees/update.ts',
      ]),
    )
  })
})
