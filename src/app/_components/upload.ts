/** A file the portal uploaded with POST /api/berkas, as the route answers it. */
export interface UploadedFile {
  id: string;
  filename: string;
  contentType: string;
  size: number;
}

/** What the refusals of POST /api/berkas that do not depend on the form mean, and what to do. */
export const UPLOAD_REFUSALS: Record<string, string> = {
  VALIDATION: "Berkas ini kosong. Pilih berkas yang berisi dokumen.",
  UNAUTHENTICATED: "Sesi Anda berakhir. Muat ulang halaman lalu masuk lagi.",
  FORBIDDEN: "Unggahan ditolak karena tidak berasal dari halaman Kuasa. Muat ulang halaman lalu coba lagi.",
  RATE_LIMITED: "Terlalu banyak unggahan dalam waktu singkat. Tunggu sebentar lalu unggah lagi.",
};

/** What a connection lost mid-upload means to the person uploading, and what to do. */
export const UPLOAD_NETWORK_ERROR =
  "Unggahan terputus. Periksa koneksi lalu coba lagi; berkas yang sangat besar bisa melebihi batas unggahan.";

/**
 * Uploads one file to POST /api/berkas (`query`: `order=…` onto an order, `purpose=credential`
 * for a credential's scan) as the portal's forms do: multipart part `file`, same origin, with
 * progress. `failed` gets the refusal's code (null when the connection broke). Answers the
 * request, for the form to abort it when the file is removed or the form goes away.
 */
export function startUpload(
  query: string,
  file: File,
  on: { progress: (percent: number) => void; done: (file: UploadedFile) => void; failed: (code: string | null) => void },
): XMLHttpRequest {
  const xhr = new XMLHttpRequest();
  const body = new FormData();
  body.append("file", file);
  xhr.open("POST", `/api/berkas?${query}`);
  xhr.responseType = "json";
  xhr.upload.onprogress = (event) => {
    if (event.lengthComputable) on.progress(Math.round((event.loaded / event.total) * 100));
  };
  xhr.onload = () => {
    const answer = xhr.response as (Partial<UploadedFile> & { error?: { code: string } }) | null;
    if (xhr.status === 201 && answer?.id) on.done(answer as UploadedFile);
    else on.failed(answer?.error?.code ?? null);
  };
  xhr.onerror = () => on.failed(null);
  xhr.send(body);
  return xhr;
}
