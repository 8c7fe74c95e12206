import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchScreenshot } from '../api/payment-calls';
import { Modal } from '../ui/Modal';
import { useObjectUrl } from './use-object-url';

/** A deposit's payment screenshot as a thumbnail that opens full size; fetched with the login's token. */
export function ScreenshotThumb({ requestId, username }: { requestId: string; username: string }) {
  const [open, setOpen] = useState(false);
  const image = useQuery({
    queryKey: ['screenshot', requestId],
    queryFn: () => fetchScreenshot('admin', requestId),
    staleTime: Infinity,
  });
  const url = useObjectUrl(image.data);
  if (image.isError) return <span className="muted">Not available</span>;
  return (
    <>
      <button
        type="button"
        className="screenshot-thumb"
        onClick={() => setOpen(true)}
        disabled={!url}
        aria-label={`Payment screenshot of ${username}`}
      >
        {url ? <img src={url} alt="" /> : <span className="muted">…</span>}
      </button>
      {open && url && (
        <Modal title="Payment screenshot" subtitle={username} onClose={() => setOpen(false)} wide>
          <img className="screenshot-full" src={url} alt={`Payment screenshot of ${username}`} />
        </Modal>
      )}
    </>
  );
}
