import type { ReactNode } from "react";
import { EmptyState } from "./ui";

/** A list of cards (offers, cases, keys) under one accessible name; the empty state says what to do. */
export function CardList<Item>({
  label,
  items,
  itemKey,
  render,
  empty,
}: {
  label: string;
  items: Item[];
  itemKey: (item: Item) => string;
  render: (item: Item) => ReactNode;
  empty: { title: string; hint?: string };
}) {
  if (items.length === 0) return <EmptyState title={empty.title} hint={empty.hint} />;
  return (
    <ul className="card-list" aria-label={label}>
      {items.map((item) => (
        <li key={itemKey(item)}>{render(item)}</li>
      ))}
    </ul>
  );
}
