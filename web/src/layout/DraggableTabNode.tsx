import { useSortable } from '@dnd-kit/sortable';
import { CSS, useCombinedRefs } from '@dnd-kit/utilities';
import {
  Children,
  type CSSProperties,
  cloneElement,
  type HTMLAttributes,
  isValidElement,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';

type TabNodeProps = HTMLAttributes<HTMLDivElement> & { ref?: Ref<HTMLDivElement>; children?: ReactNode };

interface DraggableTabNodeProps extends HTMLAttributes<HTMLDivElement> {
  id: string;
  /** The home tab: neither dragged nor a drop target that moves it. */
  pinned: boolean;
  /** The tab node antd renders (a div). */
  children: ReactElement;
  /** Set by a wrapping Dropdown, which positions its menu from this node. */
  ref?: Ref<HTMLDivElement>;
  /** Passed down by a wrapping Dropdown; meaningless on the tab node. */
  disabled?: boolean;
}

/**
 * One tab of the bar made sortable (antd's draggable-tabs pattern): the tab node antd renders
 * gets dnd-kit's ref, pointer listeners and transform, plus whatever a wrapping Dropdown adds
 * (its context-menu handler and ref).
 */
export function DraggableTabNode({
  id,
  pinned,
  children: tabNode,
  ref,
  style,
  className,
  disabled: _disabled,
  ...wrapperProps
}: DraggableTabNodeProps) {
  const { listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: pinned });
  // rc-tabs types the nodes it hands out as bare elements; each is the tab's <div>.
  const children = tabNode as ReactElement<TabNodeProps>;
  const combinedRef = useCombinedRefs<HTMLDivElement>(setNodeRef, (node) => assignRef(ref, node));
  const sortableStyle: CSSProperties = {
    ...children.props.style,
    ...style,
    transform: CSS.Translate.toString(transform),
    transition,
    cursor: pinned ? undefined : 'move',
    zIndex: isDragging ? 1 : undefined,
  };
  // dnd-kit's ARIA attributes describe keyboard dragging, which this bar does not offer; the tab
  // inside keeps its own role="tab".
  return cloneElement(children, {
    ...withOwnHandlers(wrapperProps, children.props),
    ...listeners,
    ref: combinedRef,
    style: sortableStyle,
    className: [children.props.className, className].filter(Boolean).join(' '),
    children: withCloseButtonForPointerOnly(children.props.children),
  });
}

/**
 * rc-tabs puts a tab's close button (×) beside its role="tab", inside the tablist, where ARIA
 * allows only tabs (axe: aria-required-children). The button stays for the mouse and leaves the
 * accessibility tree and the tab order; a keyboard closes the focused tab with Delete (rc-tabs)
 * or from its context menu (Shift+F10).
 */
function withCloseButtonForPointerOnly(tabChildren: ReactNode): ReactNode {
  return Children.map(tabChildren, (child) =>
    isValidElement<HTMLAttributes<HTMLButtonElement>>(child) && child.type === 'button'
      ? cloneElement(child, { 'aria-hidden': true, tabIndex: -1 })
      : child,
  );
}

/**
 * The wrapper's props, with each event handler the tab node has too calling both: a wrapping
 * Dropdown hands down its own `onClick`, which would otherwise replace the tab node's, so a click
 * beside the label (the tab's padding) did not select the tab.
 */
function withOwnHandlers(
  wrapperProps: HTMLAttributes<HTMLDivElement>,
  own: TabNodeProps,
): HTMLAttributes<HTMLDivElement> {
  const merged: Record<string, unknown> = { ...wrapperProps };
  for (const [name, handler] of Object.entries(wrapperProps)) {
    const ownHandler = (own as Record<string, unknown>)[name];
    if (!/^on[A-Z]/.test(name) || typeof handler !== 'function' || typeof ownHandler !== 'function') continue;
    merged[name] = (...args: unknown[]) => {
      ownHandler(...args);
      handler(...args);
    };
  }
  return merged;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}
