// SPDX-License-Identifier: GPL-2.0
/*
 * The grammar of trigger lines (see trace_trigger_parse.h): pure string
 * work on a copy of the line, shared by the trigger files, the
 * trace_trigger= boot option and the userspace fuzz target.
 */
#include <linux/ctype.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include "trace_trigger_parse.h"

char *trigger_split_name(struct trigger_parse *p, char *text, char **rest)
{
	char *name = text;
	size_t len;

	p->remove = *name == '!';
	if (p->remove)
		name++;
	len = strcspn(name, ": \t");
	*rest = name[len] ? name + len + 1 : NULL;
	name[len] = '\0';
	if (*rest) {
		*rest = skip_spaces(*rest);
		if (!**rest)
			*rest = NULL;
	}
	return name;
}

void trigger_split(struct trigger_parse *p, char *rest, int rest_pos,
		   bool param_required)
{
	char *end;

	p->param = NULL;
	p->filter = NULL;
	if (!rest)
		return;
	if (!param_required && !isdigit(*rest)) {
		p->filter = rest;
		p->filter_pos = rest_pos;
		return;
	}
	p->param = rest;
	p->param_pos = rest_pos;
	end = rest + strcspn(rest, " \t");
	if (!*end)
		return;
	*end++ = '\0';
	end = skip_spaces(end);
	if (*end) {
		p->filter = end;
		p->filter_pos = rest_pos + (end - rest);
	}
}

int trigger_read_count(const char *param, long *count)
{
	unsigned long n;
	char num[24];
	size_t len;

	*count = -1;
	if (!param)
		return 0;
	/* "n" or "n:anything": only the number counts, as upstream's */
	len = strcspn(param, ":");
	if (!len || len >= sizeof(num))
		return -EINVAL;
	memcpy(num, param, len);
	num[len] = '\0';
	if (kstrtoul(num, 0, &n))
		return -EINVAL;
	*count = n;
	return 0;
}

const char *trigger_filter_expr(const char *filter)
{
	size_t kw = strcspn(filter, " \t");

	if (kw != 2 || strncmp(filter, "if", 2) || !filter[kw])
		return NULL;
	return filter + kw + 1;
}

int trigger_split_target(char *param, char **system, char **name,
			 char **rest)
{
	*rest = param;
	*system = *rest ? strsep(rest, ":") : NULL;
	*name = *rest ? strsep(rest, ":") : NULL;
	return *name ? 0 : -EINVAL;
}
