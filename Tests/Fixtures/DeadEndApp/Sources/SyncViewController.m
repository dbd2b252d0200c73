#import <UIKit/UIKit.h>

@interface SyncViewController : UIViewController
@end

@implementation SyncViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:NSLocalizedString(@"Finish", @"") style:UIBarButtonItemStyleDone target:self action:@selector(finish:)];
    UIBarButtonItem *cancel = [[UIBarButtonItem alloc] initWithBarButtonSystemItem:UIBarButtonSystemItemCancel target:self action:@selector(cancel)];
    self.navigationItem.leftBarButtonItem = cancel;
}

- (void)finish:(id)sender {
    [self.navigationController popViewControllerAnimated:YES];
}

- (void)cancel {
    [self dismissViewControllerAnimated:YES completion:nil];
}

@end
