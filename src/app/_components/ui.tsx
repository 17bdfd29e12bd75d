import type { ReactNode } from "react";
import type { OrderStatus } from "@/generated/prisma/enums";
import { ORDER_STATUS_LABEL } from "./format";

export function Card({ title, children, actions }: { title?: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="card">
      {(title || actions) && (
        <header className="card-head">
          {title && <h2>{title}</h2>}
          {actions}
        </header>
      )}
      {children}
    </section>
  );
}

/** What a list without rows says: why it is empty and what to do next (`action`: a link to do it). */
export function EmptyState({ title, hint, action }: { title: string; hint?: string; action?: ReactNode }) {
  return (
    <div className="empty" role="status">
      <p className="empty-title">{title}</p>
      {hint && <p className="muted">{hint}</p>}
      {action && <p className="empty-action">{action}</p>}
    </div>
  );
}

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`badge badge-${status}`} title={status}>
      {ORDER_STATUS_LABEL[status]}
    </span>
  );
}

export function PageTitle({ children, lead }: { children: ReactNode; lead?: string }) {
  return (
    <div className="page-title">
      <h1>{children}</h1>
      {lead && <p className="muted">{lead}</p>}
    </div>
  );
}
