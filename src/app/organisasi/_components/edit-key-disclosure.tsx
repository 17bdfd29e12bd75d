"use client";
import { useState } from "react";
import { EditKeyForm } from "./edit-key-form";

type EditableKey = Parameters<typeof EditKeyForm>[0]["apiKey"];

/**
 * "Ubah kunci" as a disclosure whose form exists only while open: a page of keys then has one set
 * of key fields (the creation form's) until the admin asks for another.
 */
export function EditKeyDisclosure({ apiKey }: { apiKey: EditableKey }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="disclosure" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        Ubah kunci<span className="visually-hidden"> {apiKey.name || "tanpa nama"}</span>
      </summary>
      {open && <EditKeyForm apiKey={apiKey} />}
    </details>
  );
}
