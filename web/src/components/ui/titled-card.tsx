import { type ReactNode, useId } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./card";

export interface TitledCardProps {
  /** The title's id, which names the card; a generated one when left out. */
  id?: string;
  /** An icon before the title. */
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  contentClassName?: string;
  children: ReactNode;
}

/** A card named by its title (icon first), with an optional description over its content. */
export function TitledCard({ id, icon, title, description, contentClassName, children }: TitledCardProps) {
  const generatedId = useId();
  const titleId = id ?? generatedId;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>
          {icon}
          {title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
