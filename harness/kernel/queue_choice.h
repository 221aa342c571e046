/* SPDX-License-Identifier: GPL-2.0 */
/*
 * queue_choice.h: a queue/ attribute that lists its choices and marks the
 * one in use ("[none] mq-deadline kyber bfq", queue/scheduler), read so
 * that a choice the device lacks is named once before the sweep starts,
 * not only in the failure of every run of its cells.
 */
#ifndef FIORING_QUEUE_CHOICE_H
#define FIORING_QUEUE_CHOICE_H

#include <stddef.h>

/*
 * 1 when the attribute at path offers name (or lists no choices), 0 when
 * not, -errno when it cannot be read; offers gets the list, brackets
 * dropped.
 */
int queue_offered(const char *path, const char *name, char *offers,
		  size_t len);
/*
 * The choice in use of such a value, in place ("[none] mq-deadline" becomes
 * "none"); a value that offers none is left as it is.
 */
void queue_choice_current(char *val);

#endif
