import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { TitledCard } from "@/components/ui/titled-card";

export interface SettingsCardProps {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  children: ReactNode;
}

/** One card of the Settings page: named by its title, the icon in the page's violet, its content a grid. */
export function SettingsCard({ icon: Icon, title, description, children }: SettingsCardProps) {
  return (
    <TitledCard
      icon={<Icon className="size-5 text-violet-300" aria-hidden />}
      title={title}
      description={description}
      contentClassName="grid gap-4"
    >
      {children}
    </TitledCard>
  );
}
