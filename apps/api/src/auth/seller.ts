/** The signed-in seller, as the session plugin puts it on each request and services receive it. */
export interface Seller {
  id: string;
  nome: string;
  email: string;
}
