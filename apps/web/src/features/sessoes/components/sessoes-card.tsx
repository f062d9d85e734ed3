import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SessoesLista } from './sessoes-lista';

/** Configurações › Perfil: "Dispositivos conectados", the person's own devices. */
export function SessoesCard() {
  const { t } = useTranslation('layout');
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">{t('sessoes.title')}</h2>
        </CardTitle>
        <CardDescription>{t('sessoes.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <SessoesLista />
      </CardContent>
    </Card>
  );
}
