import type { TipoImportacao } from '@caderneta/shared';
import FileSpreadsheetIcon from 'lucide-react/icons/file-spreadsheet';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** The way into an import ("Importar clientes", "Importar produtos"), wherever a page offers it. */
export function LinkImportar({ tipo, children }: { tipo: TipoImportacao; children: ReactNode }) {
  return (
    <Button asChild variant="outline">
      <Link to={`/importar/${tipo}`}>
        <FileSpreadsheetIcon aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}
