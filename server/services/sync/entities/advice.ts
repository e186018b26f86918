import { advices } from '../../../db/schema'
import { toAdvice } from '../../advice/rows'
import { adviceFeed } from '../advice-feed'
import type { SyncEntity } from '../entity'

/** Grow modules (issue 11): read offline (the tablet chooses a customer's advice), changed online only. */
export const advice: SyncEntity<'advice'> = { feed: adviceFeed('advice', advices, toAdvice), runners: {} }
