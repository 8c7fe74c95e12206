import { useState } from 'react';
import { fetchExport } from '../api/report-calls';
import type { AuthContextName } from '../auth/auth-context';
import { saveFile } from '../ui/csv';

type Params = Record<string, string | number | boolean | undefined>;

/**
 * Export CSV: the server's export of the report or statement on screen (`path` + .csv, the same
 * filters, every page), amounts in rupees with two decimals.
 */
export function CsvButton({
  path,
  params,
  auth = 'admin',
  filename,
}: {
  path: string;
  params: Params;
  auth?: AuthContextName;
  filename: string;
}) {
  const [busy, setBusy] = useState(false);
  const { page: _page, limit: _limit, ...filters } = params;
  return (
    <button
      type="button"
      className="btn btn-sm btn-accent csv-button"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        fetchExport(path, filters, auth)
          .then((blob) => saveFile(`${filename}.csv`, blob))
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {busy ? 'Exporting…' : 'Export CSV'}
    </button>
  );
}
