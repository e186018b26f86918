import { expect, test } from '@playwright/test'
import type { Customer } from '../../contract/customers'
import { signedInNewOrganisation, unique } from '../fixtures/api'
import { CustomersPage } from '../pages/customers'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

// Both tabs run in English (the fixture's useLanguage is per page; this is for the whole context).
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('e2e-language-set')) {
      localStorage.setItem('language', 'en')
      sessionStorage.setItem('e2e-language-set', '1')
    }
  })
})

test('sync: one pusher across tabs — a change in the second tab is sent, and the lock moves when a tab closes', async ({
  page,
  context,
  request,
}) => {
  const { organisation, session } = await signedInNewOrganisation(page, request)
  const first = new CustomersPage(page)
  await first.open(organisation.slug)
  await expect(first.pill()).toHaveText('Synced')

  const page2 = await context.newPage()
  const second = new CustomersPage(page2)
  await second.open(organisation.slug)

  const u = unique()
  await second.startCreate()
  await second.fill({ firstName: 'Tweede', lastName: `Tab ${u}`, email: `tab2-${u}@example.test` })
  await second.save()
  await expect(second.drawer).toBeHidden()
  // Both tabs read the same replica; the first tab's worker (holding the lock) sent it.
  await expect(first.row(`Tweede Tab ${u}`)).toBeVisible()
  await expect(second.pill()).toHaveText('Synced')
  await expect(second.row(`Tweede Tab ${u}`).getByText('Waiting to sync')).toBeHidden()

  // The leading tab closes: the other tab's worker takes the lock and pushes from now on.
  await page.close()
  await second.startCreate()
  await second.fill({ firstName: 'Derde', lastName: `Tab ${u}`, email: `tab3-${u}@example.test` })
  await second.save()
  await expect(second.drawer).toBeHidden()
  await expect(second.pill()).toHaveText('Synced')

  const res = await request.get(apiUrl(API.customers.list, { org: organisation.id }), {
    params: { search: u },
    headers: { authorization: `Bearer ${session.token}` },
  })
  expect(((await res.json()).items as Customer[]).map((c) => c.firstName).sort()).toEqual(['Derde', 'Tweede'])
})
