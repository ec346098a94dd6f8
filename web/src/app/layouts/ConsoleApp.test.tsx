import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, ConfigProvider } from 'antd';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useAppApi } from '../../lib/app-api.ts';
import { ConsoleApp } from './ConsoleApp.tsx';

function Asker({ onOk, destroyAtOnce }: { onOk: () => void; destroyAtOnce?: boolean }) {
  const { modal, message } = useAppApi();
  return (
    <>
      <Button
        onClick={() => {
          const d = modal.confirm({ title: '危险提示', content: '确认要删除吗?', okText: '确定', onOk });
          if (destroyAtOnce) d.destroy();
        }}
      >
        删除
      </Button>
      <Button onClick={() => message.success('已保存')}>保存</Button>
    </>
  );
}

function AskOnMount({ onClosed }: { onClosed: (ok: boolean) => void }) {
  const { modal } = useAppApi();
  useEffect(() => {
    void modal.warning({ title: '警告提示', content: '尚未加载也会打开', okText: '确定' }).then(onClosed, () => {});
  }, [modal, onClosed]);
  return null;
}

const inApp = (ui: React.ReactNode) =>
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <ConsoleApp>{ui}</ConsoleApp>
    </ConfigProvider>,
  );

describe('ConsoleApp: antd App context with the dialogs loaded after the first paint', () => {
  it('wraps the console in antd App’s element and gives App.useApp() a modal that opens and confirms', async () => {
    const onOk = vi.fn();
    const { container } = inApp(<Asker onOk={onOk} />);
    expect(container.querySelector('.ant-app')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('确认要删除吗?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onOk).toHaveBeenCalledTimes(1));
  });

  it('a dialog asked for before the holders are in opens when they arrive, and its promise says how it closed', async () => {
    const onClosed = vi.fn();
    inApp(<AskOnMount onClosed={onClosed} />);
    expect(await screen.findByText('尚未加载也会打开')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onClosed).toHaveBeenCalledWith(true));
  });

  it('a dialog destroyed before it opened never shows; messages work without waiting', async () => {
    inApp(<Asker onOk={() => {}} destroyAtOnce />);
    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    // the holders have loaded by now (a message does not need them, the after-paint load does)
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByText('确认要删除吗?')).toBeNull();
  });
});
