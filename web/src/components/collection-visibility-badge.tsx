import { Globe, Lock } from "lucide-react";
import { Badge } from "@/components/ui/badge";

/** A collection's "Public" or "Private" badge (its page, the profile's lists). */
export function CollectionVisibilityBadge({ isPublic }: { isPublic: boolean }) {
  return isPublic ? (
    <Badge variant="success">
      <Globe aria-hidden />
      Public
    </Badge>
  ) : (
    <Badge variant="outline">
      <Lock aria-hidden />
      Private
    </Badge>
  );
}
