import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { Brand } from './brand';
import type { PopupProps } from './deferred-popup';
import { SidebarNav } from './sidebar-nav';

/** The phone's menu: the sidebar's links in a left drawer, loaded on first use (AppLayout). */
export function MobileNav({ trigger, defaultOpen }: PopupProps) {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState(defaultOpen);
  const content = useRef<HTMLDivElement>(null);
  // Radix leaves links out when it picks what to focus first, so the drawer opened with "Sair"
  // focused and one more Enter signed the seller out everywhere. Focus the page's link instead.
  const focarLink = (event: Event) => {
    const link = content.current?.querySelector<HTMLElement>('nav a[aria-current="page"]') ?? content.current?.querySelector<HTMLElement>('nav a');
    if (!link) return;
    event.preventDefault();
    link.focus();
  };
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent ref={content} side="left" className="w-72 gap-0 bg-sidebar p-0" onOpenAutoFocus={focarLink}>
        <SheetHeader className="h-16 justify-center px-6">
          <SheetTitle>
            <Brand />
          </SheetTitle>
          <SheetDescription className="sr-only">{t('menu.description')}</SheetDescription>
        </SheetHeader>
        <SidebarNav onNavigate={() => setOpen(false)} />
      </SheetContent>
    </Sheet>
  );
}
