/** A CSV document as a file to save, named `fileName`, never kept by a cache: staff's exports are about people. */
export const csvDownload = (csv: string, fileName: string) =>
  new Response(csv, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'no-store' },
  });
