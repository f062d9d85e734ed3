import { useId, type ReactNode } from 'react';

/** A region of a page named by its own heading (`aria-labelledby`): the heading, then what it titles. */
export function SecaoTitulada({ titulo, nivel = 'h2', tituloClassName, className, children }: { titulo: ReactNode; nivel?: 'h2' | 'h3'; tituloClassName?: string; className?: string; children: ReactNode }) {
  const id = useId();
  const Titulo = nivel;
  return (
    <section aria-labelledby={id} className={className}>
      <Titulo id={id} className={tituloClassName}>
        {titulo}
      </Titulo>
      {children}
    </section>
  );
}
