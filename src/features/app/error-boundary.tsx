import { Component, type ErrorInfo, type ReactNode } from 'react'
import { ErrorScreen } from './error-screen'
import { reportError } from './sentry'

/** Spec §8: render errors are reported and answered with the full-page error screen. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    reportError(error, { componentStack: info.componentStack })
  }
  render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children
  }
}
