import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

interface Props {
  fallback: (error: unknown, reset: () => void) => ReactNode;
  /** Told of each error caught, once the fallback is on screen. */
  onError?: (error: unknown) => void;
  children: ReactNode;
}

/** Keeps a module's crash inside its own area of the page. */
export class ModuleErrorBoundary extends Component<Props, { caught: { error: unknown } | null }> {
  override state: { caught: { error: unknown } | null } = { caught: null };

  static getDerivedStateFromError(error: unknown): { caught: { error: unknown } } {
    return { caught: { error } };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A module failed to render', error, info.componentStack);
    this.props.onError?.(error);
  }

  override render(): ReactNode {
    const { caught } = this.state;
    return caught ? this.props.fallback(caught.error, () => this.setState({ caught: null })) : this.props.children;
  }
}
