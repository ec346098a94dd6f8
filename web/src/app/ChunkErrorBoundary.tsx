import { ExclamationCircleFilled } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { Component, type ReactNode } from 'react';
import {
  asChunkError,
  CHUNK_TIMEOUT_MS,
  ChunkLoadError,
  type CssChunkLoadError,
  retryChunks,
} from '../lib/lazy-page.ts';

interface Props {
  children: ReactNode;
  /** Changing it (e.g. the route path) clears a shown failure. */
  resetKey?: string;
}
interface State {
  error: ChunkLoadError | CssChunkLoadError | null;
  other: unknown;
  resetKey?: string;
}

/**
 * docs/spec-notes.md#calls, #errors: a script chunk that is missing or times out (120 s), or a stylesheet chunk that fails, is shown with a
 * clear message and a retry, and reported (console.error). Any other error passes on to the boundary above.
 */
export class ChunkErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, other: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(e: unknown): Partial<State> {
    const chunk = asChunkError(e);
    return chunk ? { error: chunk, other: null } : { error: null, other: e };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { resetKey: props.resetKey, error: null, other: null } : null;
  }

  override componentDidCatch(e: unknown) {
    const chunk = asChunkError(e);
    if (chunk)
      console.error(`[${chunk.name}]${chunk instanceof ChunkLoadError ? ` ${chunk.type}` : ''}`, chunk.message, e);
  }

  override componentDidMount() {
    window.addEventListener('vite:preloadError', this.onPreloadError);
  }
  override componentWillUnmount() {
    window.removeEventListener('vite:preloadError', this.onPreloadError);
  }
  /** Vite reports a failed preload (script or stylesheet) here before the import rejects; the boundary shows it. */
  private onPreloadError = (ev: Event) => {
    const payload = (ev as Event & { payload?: unknown }).payload;
    console.error('[vite:preloadError]', payload);
  };

  private retry = () => {
    retryChunks();
    this.setState({ error: null, other: null });
  };

  override render() {
    if (this.state.other) throw this.state.other;
    const e = this.state.error;
    if (!e) return this.props.children;
    const timeout = e instanceof ChunkLoadError && e.type === 'timeout';
    const css = e.name === 'CssChunkLoadError';
    // Plain markup in the look of antd's Result: this boundary sits in the entry (it guards the login and console
    // chunks), and Result (its three illustrations) and Typography would add about 15 KB gzip to /login.
    return (
      <Flex vertical align="center" gap={16} style={{ padding: '48px 32px', textAlign: 'center' }} role="alert">
        <ExclamationCircleFilled style={{ fontSize: 72, color: '#d48806' }} />
        <h3 style={{ margin: 0, fontSize: 24, fontWeight: 500, color: 'rgba(0, 0, 0, 0.88)' }}>
          {css ? '页面样式加载失败' : timeout ? '页面加载超时' : '页面加载失败'}
        </h3>
        <p style={{ margin: 0, color: 'rgba(0, 0, 0, 0.65)' }}>
          {timeout
            ? `页面资源在 ${CHUNK_TIMEOUT_MS / 1000} 秒内未能加载完成，请检查网络后重试。`
            : '页面资源未能加载，可能是网络中断或系统刚刚更新。请重试；仍然失败时请刷新页面。'}
        </p>
        <Flex gap={8}>
          <Button type="primary" onClick={this.retry}>
            重试
          </Button>
          <Button onClick={() => window.location.reload()}>刷新页面</Button>
        </Flex>
      </Flex>
    );
  }
}
