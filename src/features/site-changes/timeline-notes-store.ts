import { useSyncExternalStore } from 'react';

/**
 * STAND-IN, to be deleted when branch `attention` is merged: its `features/workspace/` keeps the
 * timeline notes per connection on the device (useTimelineNotes, addTimelineNote,
 * removeTimelineNote). Until then the notes live in this page's memory, with the same API.
 */
export interface TimelineNote {
  id: string;
  /** YYYY-MM-DD */
  date: string;
  text: string;
  /** null: a note for the whole account. */
  project: string | null;
}

let notes: TimelineNote[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function addTimelineNote(note: Omit<TimelineNote, 'id'>): void {
  notes = [...notes, { ...note, id: `${Date.now()}-${Math.random()}` }].sort((a, b) => (a.date < b.date ? -1 : 1));
  emit();
}

export function removeTimelineNote(id: string): void {
  notes = notes.filter((note) => note.id !== id);
  emit();
}

/** A project's notes and the account's; every note without `project`. */
export function useTimelineNotes(project?: string): TimelineNote[] {
  const all = useSyncExternalStore(subscribe, () => notes);
  return project === undefined ? all : all.filter((note) => note.project === null || note.project === project);
}
