import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';

/**
 * The shell's header shows the page title and one primary action. A page sets them with
 * `usePageHeader(title, action)`; `action` undefined keeps the default ("New order" where
 * the role may create orders), null shows none.
 */

export interface PageHeaderState {
  title: string | null;
  action: ReactNode | undefined;
}

type Setter = (state: PageHeaderState) => void;

const StateContext = createContext<PageHeaderState>({ title: null, action: undefined });
// A separate context for the setter, so pages that set the header do not re-render with it.
const SetterContext = createContext<Setter>(() => undefined);

export const APP_NAME = 'Work orders';

export function PageHeaderProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<PageHeaderState>({ title: null, action: undefined });
  const value = useMemo(() => state, [state]);
  return (
    <SetterContext.Provider value={setState}>
      <StateContext.Provider value={value}>{children}</StateContext.Provider>
    </SetterContext.Provider>
  );
}

export function usePageHeader(title: string, action?: ReactNode | null): void {
  const set = useContext(SetterContext);
  useEffect(() => {
    set({ title, action });
  }, [set, title, action]);
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
  }, [title]);
  useEffect(() => () => set({ title: null, action: undefined }), [set]);
}

export function usePageHeaderState(): PageHeaderState {
  return useContext(StateContext);
}
