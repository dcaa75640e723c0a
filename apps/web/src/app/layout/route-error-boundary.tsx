import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RouteErrorPage } from './route-error-page';

interface RouteErrorBoundaryProps {
  children: ReactNode;
}

/**
 * Keeps a failing screen (its code failed to load, or it threw) from blanking the whole app.
 * The layout gives it a new key on every navigation, so moving on clears the error.
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteErrorPage /> : this.props.children;
  }
}
