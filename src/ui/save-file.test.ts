import { describe, expect, it } from 'vitest'
import { fileNameOf } from './save-file'

describe('fileNameOf', () => {
  it('reads the UTF-8 name first, then the plain one, else the fallback', () => {
    const h = (v: string) => new Headers({ 'content-disposition': v })
    expect(fileNameOf(h(`attachment; filename="x.csv"; filename*=UTF-8''Ren%C3%A9e%20B.zip`), 'f')).toBe('Renée B.zip')
    expect(fileNameOf(h('attachment; filename="klanten.csv"'), 'f')).toBe('klanten.csv')
    expect(fileNameOf(new Headers(), 'customer.zip')).toBe('customer.zip')
  })
})
