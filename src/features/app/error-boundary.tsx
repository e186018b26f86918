import { Component, type ErrorInfo, type ReactNode } from 'react'
import { Blank } from './blank'
import { ErrorScreen } from './error-screen'
import { reportError } from './sentry'
import { isStaleVersionError, reloadIntoNewVersion } from './stale-version'

type State = { failed: boolean; stale: boolean; reloading: boolean }

/**
 * Spec §8: render errors are reported and answered with the full-page error screen; a chunk of
 * a replaced version reloads into the new one instead (once, when nothing unsaved holds it).
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false, stale: false, reloading: false }
  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, stale: isStaleVersionError(error) }
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    if (isStaleVersionError(error)) {
      if (reloadIntoNewVersion(error)) this.setState({ reloading: true })
      return
    }
    reportError(error, { componentStack: info.componentStack })
  }
  render() {
    if (!this.state.failed) return this.props.children
    return this.state.reloading ? <Blank /> : <ErrorScreen staleVersion={this.state.stale} />
  }
}
