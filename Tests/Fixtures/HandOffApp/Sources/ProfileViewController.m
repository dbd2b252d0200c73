#import "ProfileViewController.h"

@implementation ProfileViewController

- (IBAction)showSettings:(id)sender {
    [self presentModally:[[SettingsController alloc] initWithNibName:@"SettingsPanel" bundle:nil]];
}

- (void)presentModally:(UIViewController *)controller {
    [self presentViewController:controller animated:YES completion:nil];
}

@end
