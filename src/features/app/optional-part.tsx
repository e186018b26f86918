import { Component, type ErrorInfo, type ReactNode, Suspense } from 'react'
import { reportError } from './sentry'
import { isStaleVersionError } from './stale-version'

type State = { failed: boolean }

/**
 * A part of a screen the screen works without (a banner, a hint), loaded lazily: when it fails
 * — its chunk did not arrive over a bad connection before the service worker had it, or it threw
 * — it is left out and reported, and the screen around it stays. Without this its failure reached
 * the route's error page and took the whole screen with it. A chunk of a replaced version still
 * reloads into the new one first (lazyNamed), as everywhere.
 */
export class OptionalPart extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false }
  static getDerivedStateFromError(): State {
    return { failed: true }
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    // A chunk that did not load was already handled by lazyNamed (a reload into a new version
    // when that is safe, reported there); anything else is a fault to hear about.
    if (!isStaleVersionError(error)) reportError(error, { componentStack: info.componentStack, optionalPart: true })
  }
  render() {
    if (this.state.failed) return null
    return <Suspense fallback={null}>{this.props.children}</Suspense>
  }
}
