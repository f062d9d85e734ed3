import PlusIcon from 'lucide-react/icons/plus';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** A page's "+ Novo …" button: opens a dialog (`onClick`) or goes to a page (`to`). */
export function AddButton({ label, ...target }: { label: string } & ({ onClick: () => void } | { to: string })) {
  const content = (
    <>
      <PlusIcon aria-hidden="true" />
      {label}
    </>
  );
  if ('to' in target) {
    return (
      <Button asChild>
        <Link to={target.to}>{content}</Link>
      </Button>
    );
  }
  return <Button onClick={target.onClick}>{content}</Button>;
}
