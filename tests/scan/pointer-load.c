/*
 * A once-access through a pointer that is itself read from memory:
 * clang -O2 gives the pointer's 8-byte load the column of the
 * READ_ONCE, and the 4-byte access through it (a testl folded into the
 * comparison) the column of the '!='.  The 8-byte load is the way to
 * the object, not a widened read of it (tests/t4180-scan-pointer-load.t).
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

struct dev {
	int pad[44];
	unsigned int flags;
};

struct idev {
	struct dev *dev;
};

int dev_flagged(struct idev *i);
int dev_flagged(struct idev *i)
{
	return (READ_ONCE(i->dev->flags) & 0x88) != 0;
}

struct mailbox {
	unsigned short command;
	unsigned short flags;
};

struct mailbox *mailbox;

int mailbox_idle(void);
int mailbox_idle(void)
{
	if (READ_ONCE(mailbox->command) == 0)
		return 1;
	return 2;
}
