import { adviceConditions } from '../../../db/schema'
import { toAdviceCondition } from '../../advice/rows'
import { adviceFeed } from '../advice-feed'
import type { SyncEntity } from '../entity'

/** Grow conditions (issue 11): read offline (the tablet evaluates them), changed online only. */
export const adviceCondition: SyncEntity<'adviceCondition'> = {
  feed: adviceFeed('adviceCondition', adviceConditions, toAdviceCondition),
  runners: {},
}
