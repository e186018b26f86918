/*
 * The client's API entry: typed calls on the endpoint definitions (contract/endpoints) through the
 * one request core (./request), and the one error type (./errors).
 */
export { API } from '../../contract/endpoints'
export { ApiError } from './errors'
export {
  API_BASE,
  type CallOptions,
  call,
  download,
  type FetchFn,
  isTransient,
  STORAGE_BASE,
  send,
  type Transport,
  urlOf,
} from './request'
