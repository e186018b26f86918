import { describe, expect, it } from 'vitest'
import { type CustomerDocument, type Document, reconsentState } from './index'

const form: Pick<Document, 'id' | 'kind' | 'currentVersionId'> = {
  id: 'form',
  kind: 'consentForm',
  currentVersionId: 'v2',
}
const sent = (versionId: string, status: CustomerDocument['status'], documentId = 'form') => ({
  documentId,
  versionId,
  status,
})

describe('reconsentState (issue 12: "needs new consent")', () => {
  it('is current for a customer who never accepted any version, or who accepted the current one', () => {
    expect(reconsentState([], form)).toBe('current')
    expect(reconsentState([sent('v1', 'declined'), sent('v1', 'notSeen')], form)).toBe('current')
    expect(reconsentState([sent('v1', 'accepted'), sent('v2', 'accepted')], form)).toBe('current')
    expect(reconsentState([sent('v2', 'accepted')], form)).toBe('current')
  })

  it('is needed for a customer who accepted an older version and was not sent the current one (or declined it)', () => {
    expect(reconsentState([sent('v1', 'accepted')], form)).toBe('needed')
    expect(reconsentState([sent('v1', 'accepted'), sent('v2', 'declined')], form)).toBe('needed')
  })

  it('is sent while the current version waits for their answer (not seen or seen)', () => {
    expect(reconsentState([sent('v1', 'accepted'), sent('v2', 'notSeen')], form)).toBe('sent')
    expect(reconsentState([sent('v1', 'accepted'), sent('v2', 'seen')], form)).toBe('sent')
  })

  it('looks only at this form, and never flags an information document', () => {
    expect(reconsentState([sent('v1', 'accepted', 'other')], form)).toBe('current')
    expect(reconsentState([sent('v1', 'accepted')], { ...form, kind: 'document' })).toBe('current')
  })
})
