import LinkIcon from 'lucide-react/icons/link-2-off';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** A link from an e-mail that no longer opens anything (expired, used, unknown): why, and the way to sign in. */
export function LinkInvalido({ titulo, descricao, acao }: { titulo: string; descricao: string; acao: string }) {
  return (
    <Card role="alert">
      <CardHeader className="text-center">
        <span className="mx-auto mb-2 inline-flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <LinkIcon className="size-6" aria-hidden="true" />
        </span>
        <CardTitle>
          <h1 className="text-xl">{titulo}</h1>
        </CardTitle>
        <CardDescription>{descricao}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild className="w-full">
          <Link to="/auth">{acao}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
