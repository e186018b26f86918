import { adviceGroups } from '../../../db/schema'
import { toAdviceGroup } from '../../advice/rows'
import { adviceFeed } from '../advice-feed'
import type { SyncEntity } from '../entity'

/** Grow module groups (issue 11): read offline, changed online only. */
export const adviceGroup: SyncEntity<'adviceGroup'> = {
  feed: adviceFeed('adviceGroup', adviceGroups, toAdviceGroup),
  runners: {},
}
