import type { FormEvent } from "react";
import { useSubmit } from "react-router";

/**
 * With JavaScript, a /cart form is sent as a fetcher under `key` (the page stays where it is
 * and reads the answer by that key); without it, the same form posts and its `redirectTo`
 * brings the browser back. One home for that protocol, for every cart button.
 */
export function useCartFormSubmit(): (event: FormEvent<HTMLFormElement>, key: string) => void {
  const submit = useSubmit();
  return (event, key) => {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    // redirectTo is for plain posts only: a fetcher does not navigate.
    formData.delete("redirectTo");
    void submit(formData, { method: "post", action: "/cart", navigate: false, fetcherKey: key, preventScrollReset: true });
  };
}
