/** A multipart/form-data body carrying one file, as a browser's upload sends it (avatars, photos). */
export function multipart(
  bytes: Buffer,
  { fileName = 'moi.png', type = 'image/png', field = 'avatar' }: { fileName?: string; type?: string; field?: string } = {},
): { body: Buffer; contentType: string } {
  const boundary = '----sm' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
