import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PreviewModal } from './PreviewModal.tsx';

describe('PreviewModal (spec §9: images at max-width 100 %)', () => {
  it('shows an image at max-width 100 %', async () => {
    render(<PreviewModal open url="/tmpl/uploads/shop/a.png" title="门头照" onClose={() => {}} />);
    expect(await screen.findByAltText('门头照')).toHaveStyle({ maxWidth: '100%' });
  });
  it('plays an MP4 with controls', async () => {
    render(<PreviewModal open url="/tmpl/uploads/shop/a.mp4" onClose={() => {}} />);
    const v = await screen.findByTestId('preview-video');
    expect(v.tagName).toBe('VIDEO');
    expect(v).toHaveAttribute('controls');
    expect(v).toHaveAttribute('src', '/tmpl/uploads/shop/a.mp4');
  });
  it('offers PDFs and other files for download (PDFs are served as attachments)', async () => {
    const { unmount } = render(<PreviewModal open url="/tmpl/uploads/agreement/a.pdf" onClose={() => {}} />);
    expect(await screen.findByText('PDF 文件')).toBeInTheDocument();
    expect(screen.getByText('为安全起见，PDF 文件下载后查看')).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveTextContent('下载文件');
    expect(screen.getByRole('link')).toHaveAttribute('href', '/tmpl/uploads/agreement/a.pdf');
    expect(screen.getByRole('link')).toHaveAttribute('target', '_blank');
    unmount();
    render(<PreviewModal open url="/tmpl/uploads/sys/a.docx" onClose={() => {}} />);
    expect(await screen.findByText('该文件不支持在线预览')).toBeInTheDocument();
  });
});
