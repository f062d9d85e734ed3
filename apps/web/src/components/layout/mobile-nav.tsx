import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { Brand } from './brand';
import type { PopupProps } from './deferred-popup';
import { SidebarNav } from './sidebar-nav';

/** The phone's menu: the sidebar's links in a left drawer, loaded on first use (AppLayout). */
export function MobileNav({ trigger, defaultOpen }: PopupProps) {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent side="left" className="w-72 gap-0 bg-sidebar p-0">
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
