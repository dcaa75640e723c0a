import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

interface SortableListProps<T> {
  items: readonly T[];
  getId: (item: T) => string;
  /** The item's name, read out while it moves and on its buttons. */
  getLabel: (item: T) => string;
  /** The items in their new order (by drag, by the keyboard or by the move buttons). */
  onReorder: (items: T[]) => void;
  /** The list's name (a heading's text, say). */
  label: string;
  renderItem: (item: T, index: number) => ReactNode;
  disabled?: boolean;
}

/**
 * A list the author puts in order three ways: dragging an item's handle with a pointer; Space or
 * Enter on the handle, the arrow keys, Space again (dnd-kit's keyboard sensor, each step read
 * out); or its Move up / Move down buttons. What a screen reader hears is translated.
 */
export function SortableList<T>({
  items,
  getId,
  getLabel,
  onReorder,
  label,
  renderItem,
  disabled,
}: SortableListProps<T>) {
  const intl = useIntl();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => items.map(getId), [items, getId]);
  const [status, setStatus] = useState('');

  const labelOf = (id: UniqueIdentifier) => {
    const item = items.find((each) => getId(each) === id);
    return item ? getLabel(item) : String(id);
  };
  const positionOf = (id: UniqueIdentifier | undefined) =>
    id === undefined ? 0 : ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      intl.formatMessage(
        { id: 'studio.sort.picked' },
        { name: labelOf(active.id), position: positionOf(active.id), count: ids.length },
      ),
    onDragOver: ({ active, over }) =>
      intl.formatMessage(
        { id: 'studio.sort.over' },
        { name: labelOf(active.id), position: positionOf(over?.id), count: ids.length },
      ),
    onDragEnd: ({ active, over }) =>
      intl.formatMessage(
        { id: 'studio.sort.dropped' },
        { name: labelOf(active.id), position: positionOf(over?.id), count: ids.length },
      ),
    onDragCancel: ({ active }) =>
      intl.formatMessage({ id: 'studio.sort.cancelled' }, { name: labelOf(active.id) }),
  };

  function move(from: number, to: number) {
    if (to < 0 || to >= items.length || from === to) return;
    const item = items[from]!;
    onReorder(arrayMove([...items], from, to));
    setStatus(
      intl.formatMessage(
        { id: 'studio.sort.moved' },
        { name: getLabel(item), position: to + 1, count: items.length },
      ),
    );
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: intl.formatMessage({ id: 'studio.sort.instructions' }),
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ol className="studio-sortable" aria-label={label}>
          {items.map((item, index) => (
            <SortableRow
              key={ids[index]}
              id={ids[index]!}
              name={getLabel(item)}
              isFirst={index === 0}
              isLast={index === items.length - 1}
              disabled={disabled}
              onMoveUp={() => move(index, index - 1)}
              onMoveDown={() => move(index, index + 1)}
            >
              {renderItem(item, index)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </DndContext>
  );
}

interface SortableRowProps {
  id: string;
  name: string;
  isFirst: boolean;
  isLast: boolean;
  disabled?: boolean;
  onMoveUp: () => void;
  onMoveDown: () => void;
  children: ReactNode;
}

function SortableRow({
  id,
  name,
  isFirst,
  isLast,
  disabled,
  onMoveUp,
  onMoveDown,
  children,
}: SortableRowProps) {
  const intl = useIntl();
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id, disabled });
  return (
    <li
      ref={setNodeRef}
      className={`studio-sortable__item${isDragging ? ' studio-sortable__item--dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="icon-button studio-sortable__handle"
        aria-label={intl.formatMessage({ id: 'studio.sort.handle' }, { name })}
        disabled={disabled}
        {...attributes}
        {...listeners}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <div className="studio-sortable__content">{children}</div>
      <span className="studio-sortable__moves">
        <button
          type="button"
          className="icon-button"
          aria-label={intl.formatMessage({ id: 'studio.sort.moveUp' }, { name })}
          // aria-disabled, not disabled: the button keeps focus when its item reaches the top.
          aria-disabled={disabled || isFirst}
          onClick={() => !disabled && !isFirst && onMoveUp()}
        >
          <span aria-hidden="true">↑</span>
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={intl.formatMessage({ id: 'studio.sort.moveDown' }, { name })}
          aria-disabled={disabled || isLast}
          onClick={() => !disabled && !isLast && onMoveDown()}
        >
          <span aria-hidden="true">↓</span>
        </button>
      </span>
    </li>
  );
}
