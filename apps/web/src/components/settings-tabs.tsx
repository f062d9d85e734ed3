import type { ComponentType, ReactNode, SVGProps } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

/** One tab of Configurações: what it is called, its icon and what it shows. */
export interface SettingsTab {
  /** Kept in the address (?aba=…), so a reload or a link opens the same tab. */
  id: string;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  content: ReactNode;
}

/**
 * The tabs of /configuracoes. On a phone the tab buttons wrap onto more lines instead of
 * scrolling sideways; only the open tab is rendered. A tab opens when chosen (click, Enter,
 * Space), not when the arrow keys merely pass over it: opening another tab unmounts the open
 * form, which asks first when it holds unsaved changes, and focus coming back to the tab after
 * "Continuar editando" must not ask again.
 */
export function SettingsTabs({ tabs, label }: { tabs: SettingsTab[]; label: string }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('aba');
  const current = tabs.some((tab) => tab.id === requested) ? requested! : tabs[0]!.id;
  return (
    <Tabs
      value={current}
      onValueChange={(value) =>
        setParams(
          (previous) => {
            const next = new URLSearchParams(previous);
            next.set('aba', value);
            return next;
          },
          { replace: true },
        )
      }
      activationMode="manual"
      className="gap-4"
    >
      <TabsList aria-label={label} className="h-auto w-full flex-wrap justify-start gap-1 sm:w-fit">
        {tabs.map(({ id, label: tabLabel, icon: Icon }) => (
          <TabsTrigger key={id} value={id} className="min-h-11 flex-none px-3 md:pointer-fine:min-h-9">
            <Icon aria-hidden="true" />
            {tabLabel}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((tab) => (
        <TabsContent key={tab.id} value={tab.id} className="flex flex-col gap-6">
          {tab.content}
        </TabsContent>
      ))}
    </Tabs>
  );
}
