#import "AddNoteViewController.h"

@implementation AddNoteViewController

// Connected in AddNote.xib (not marked IBAction here, as older code often has it).
- (void)cancelPressed:(id)sender {
    [self dismissModalViewControllerAnimated:YES];
}

- (void)savePressed:(id)sender {
    [self dismissViewControllerAnimated:YES completion:nil];
}

@end
