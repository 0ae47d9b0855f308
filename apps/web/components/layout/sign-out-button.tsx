"use client";
import { useQueryClient } from "@tanstack/react-query";
import { authClient } from "@prizepacks/auth/client";

export function SignOutButton() {
  const queryClient = useQueryClient();
  return (
    <button
      type="button"
      className="button ghost small"
      onClick={() =>
        void authClient.signOut().then(() => {
          queryClient.clear();
          window.location.href = "/";
        })
      }
    >
      Sign out
    </button>
  );
}
